solitario analyze --game ventaglio --passes 1 --seeds 1..300 --max-nodes 30000000 --workers 1 --jsonl /tmp/frun/out/final-p1.jsonl --quiet --json
