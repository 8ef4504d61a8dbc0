package main

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/lectern-dev/lectern/schemas/openapi"
)

func TestScratchOpenAPIJSON(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(openapi.JSON())
	}))
	defer srv.Close()
	c := newContract(t)
	c.l = &testLectern{URL: srv.URL}
	c.operationsRoutes(t)
}
