solitario analyze --game ventaglio --empty-provisional never --seeds 1..300 --max-nodes 15000000 --workers 1 --jsonl never-15m.jsonl --json
