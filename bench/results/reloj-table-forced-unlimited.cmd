solitario analyze --game reloj --play forced --passes 0 --seeds 1..1000000 --jsonl reloj-table-forced-unlimited.jsonl --quiet --json
