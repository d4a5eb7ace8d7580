solitario analyze --game reloj --play forced --passes 3 --seeds 1..1000000 --jsonl reloj-table-forced-3.jsonl --quiet --json
