solitario analyze --game ventaglio --seeds 100001..112000 --difficulty --difficulty-check --quiet --jsonl /tmp/dres/ventaglio-check7.jsonl --json
