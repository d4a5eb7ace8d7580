solitario analyze --game reloj --play forced --passes 1 --seeds 1..1000000 --jsonl reloj-table-forced-1.jsonl --quiet --json
