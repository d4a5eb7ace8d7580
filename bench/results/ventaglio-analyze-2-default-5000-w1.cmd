solitario analyze --game ventaglio --seeds 1..5000 --workers 1 --quiet --jsonl /tmp/frun/out/w1-5000.jsonl --json
