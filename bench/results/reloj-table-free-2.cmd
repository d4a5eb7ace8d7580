solitario analyze --game reloj --play free --passes 2 --seeds 1..100000 --jsonl reloj-table-free-2-1..100000.jsonl --quiet --json
