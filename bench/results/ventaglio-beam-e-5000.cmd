solitario analyze --game ventaglio --seeds 1..5000 --workers 1 --jsonl ventaglio-beam-e-5000.jsonl --quiet --json
