solitario analyze --game ventaglio --seeds 1..10000 --workers 2 --quiet --json --jsonl solv-d-1.jsonl
