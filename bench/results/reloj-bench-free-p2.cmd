solitario bench --game reloj --play free --passes 2 --seeds 1..500 --strategies dfs-flat,dfs-restarts,default --json
