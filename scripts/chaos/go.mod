module github.com/lectern-dev/lectern/scripts/chaos

go 1.26.0
