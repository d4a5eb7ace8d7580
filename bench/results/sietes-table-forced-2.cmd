solitario analyze --game sietes --play forced --passes 2 --seeds 1..1000000 --jsonl sietes-table-forced-2.jsonl --quiet --json
