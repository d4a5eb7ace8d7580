solitario analyze --game reloj --play free --passes 1 --seeds 1..1000000 --jsonl reloj-table-free-1.jsonl --quiet --json
