extension Duration {
    /// The duration in seconds, for reports and rates.
    @_spi(Engine) public var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
