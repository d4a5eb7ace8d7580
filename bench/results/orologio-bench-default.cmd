solitario bench --game orologio --seeds 1..1000 --strategies dfs,dfs-flat,default --tt-mem 16MiB --json
