solitario analyze --game sietes --play forced --passes 3 --seeds 1..1000000 --jsonl sietes-table-forced-3.jsonl --quiet --json
