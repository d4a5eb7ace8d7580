solitario analyze --game orologio --seeds 1..1000000 --jsonl orologio-table-default.jsonl --quiet --json
