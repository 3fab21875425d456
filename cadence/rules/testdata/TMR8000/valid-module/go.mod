module example.com/fine

go 1.22
