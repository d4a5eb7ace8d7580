solitario analyze --game reloj --seeds 20001..23100 --difficulty --difficulty-check --quiet --jsonl /tmp/dres/reloj-check7.jsonl --json
