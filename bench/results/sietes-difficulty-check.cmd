solitario analyze --game sietes --seeds 100001..112000 --difficulty --difficulty-check --quiet --jsonl /tmp/dres/sietes-check7.jsonl --json
