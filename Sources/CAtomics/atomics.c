// The header is all there is: its functions are inline.
