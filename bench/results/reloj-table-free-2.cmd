solitario analyze --game reloj --play free --passes 2 --seeds 1..1000000 --jsonl reloj-table-free-2.jsonl --quiet --json
