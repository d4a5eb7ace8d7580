solitario analyze --game ventaglio --seeds 1000001..1010000 --workers 2 --quiet --json --jsonl solv-d-1000001.jsonl
