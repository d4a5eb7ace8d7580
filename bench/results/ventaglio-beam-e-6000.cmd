solitario analyze --game ventaglio --seeds 5001..6000 --workers 1 --jsonl ventaglio-beam-e-6000.jsonl --quiet --json
