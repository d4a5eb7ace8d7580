solitario analyze --game reloj --play forced --passes 2 --seeds 1..1000000 --jsonl reloj-table-forced-2.jsonl --quiet --json
