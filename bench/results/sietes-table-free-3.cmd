solitario analyze --game sietes --play free --passes 3 --seeds 1..1000000 --jsonl sietes-table-free-3.jsonl --quiet --json
