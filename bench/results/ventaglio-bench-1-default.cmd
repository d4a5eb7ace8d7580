solitario bench --game ventaglio --seeds 1..100 --strategies default,dfs-restarts,portfolio --max-nodes 5000000 --json
