"""The surfaces and what they share: syntax/ the one grammar, results/ the scan, watch/ the
watch service, paper/ the record on paper; the surfaces slack/ and terminal/ above them."""
