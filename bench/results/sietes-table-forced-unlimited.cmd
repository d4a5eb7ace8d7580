solitario analyze --game sietes --play forced --passes 0 --seeds 1..1000000 --jsonl sietes-table-forced-unlimited.jsonl --quiet --json
