package clickhouse_test

import (
	"testing"

	"github.com/ClickHouse/clickhouse-go/v2/lib/column"
)

func BenchmarkZZArray(b *testing.B) {
	rows := make([][]string, 4096)
	for i := range rows {
		rows[i] = []string{"Getting started with the API", "Authentication and keys", "Webhooks"}[:i%4%3+1]
	}
	prows := make([][]*string, len(rows))
	for i, r := range rows {
		for j := range r {
			prows[i] = append(prows[i], &r[j])
		}
	}
	newCol := func(b *testing.B) column.Interface {
		col, err := column.Type("Array(String)").Column("x", nil)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		return col
	}
	b.Run("Append", func(b *testing.B) {
		col := newCol(b)
		for b.Loop() {
			col.Reset()
			if _, err := col.Append(rows); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("AppendPtrs", func(b *testing.B) {
		col := newCol(b)
		for b.Loop() {
			col.Reset()
			if _, err := col.Append(prows); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("AppendRowPtrs", func(b *testing.B) {
		col := newCol(b)
		for b.Loop() {
			col.Reset()
			for _, r := range prows {
				if err := col.AppendRow(r); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
