package freeport

// EphemeralLow and EphemeralFile expose the range reading to the tests.
var EphemeralLow = ephemeralLow

const EphemeralFile = ephemeralFile
