/// What a downloaded picture may be before it is refused: the limits that make a hostile file data,
/// not danger. Its pixels are counted from its header, before anything is decoded.
public struct ImageLimits: Sendable, Equatable {
    /// The most bytes read of one picture (the download stops there).
    public var maxBytes: Int
    /// The most pixels one picture may have (a 30,000 × 30,000 PNG is 900 million).
    public var maxPixels: Int

    public init(maxBytes: Int = 10 * 1024 * 1024, maxPixels: Int = 40_000_000) {
        self.maxBytes = maxBytes
        self.maxPixels = maxPixels
    }

    public static let standard = ImageLimits()
}
