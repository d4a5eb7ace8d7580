solitario analyze --game orologio52 --seeds 1..1000000 --jsonl orologio52-table-default.jsonl --quiet --json
