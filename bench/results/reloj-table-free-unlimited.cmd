solitario analyze --game reloj --play free --passes 0 --seeds 1..1000000 --jsonl reloj-table-free-unlimited.jsonl --quiet --json
