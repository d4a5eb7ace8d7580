solitario analyze --game sietes --play free --passes 1 --seeds 1..1000000 --jsonl sietes-table-free-1.jsonl --quiet --json
