extension Duration {
    /// The duration in seconds, for reports and rates.
    package var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
