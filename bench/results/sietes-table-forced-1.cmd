solitario analyze --game sietes --seeds 1..1000000 --jsonl sietes-table-forced-1.jsonl --quiet --json
