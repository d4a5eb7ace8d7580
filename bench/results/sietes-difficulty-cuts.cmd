solitario analyze --game sietes --seeds 1..38000 --difficulty --quiet --jsonl /tmp/dres/sietes-cuts.jsonl --json
