solitario bench --game ventaglio --passes 1 --seeds 1..30 --strategies default,dfs-restarts,portfolio --max-nodes 2000000 --json
