solitario analyze --game reloj --play free --passes 3 --seeds 1..1000000 --jsonl reloj-table-free-3.jsonl --quiet --json
