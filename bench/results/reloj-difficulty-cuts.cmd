solitario analyze --game reloj --seeds 1..10200 --difficulty --quiet --jsonl /tmp/dres/reloj-cuts6.jsonl --json
