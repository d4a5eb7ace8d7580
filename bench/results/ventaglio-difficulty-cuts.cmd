solitario analyze --game ventaglio --seeds 1..42000 --difficulty --quiet --jsonl /tmp/dres/ventaglio-cuts.jsonl --json
