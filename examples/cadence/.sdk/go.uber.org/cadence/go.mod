module go.uber.org/cadence

go 1.22
