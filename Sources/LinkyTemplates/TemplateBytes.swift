/// The bytes a part was rendered to before (`TemplatePart.rendered`): an array, or memory that an
/// owner keeps (a rebuild's mapping of the file the last build wrote), used where it is. A rebuild's
/// print page copied every link's part into an array of its own: 13 MB and 10,000 allocations at 10k
/// links, only to copy them again into the page.
public struct TemplateBytes: Sendable, Equatable {
    private let array: [UInt8]?
    /// What keeps the memory at `address` alive and unchanged.
    private let owner: (any AnyObject & Sendable)?
    private let address: Int
    public let count: Int

    public init(_ bytes: [UInt8]) {
        array = bytes
        owner = nil
        address = 0
        count = bytes.count
    }

    /// `bytes`, not copied: they must stay as they are while `owner` lives.
    public init(unsafeBytes bytes: UnsafeRawBufferPointer, owner: any AnyObject & Sendable) {
        array = nil
        self.owner = owner
        address = Int(bitPattern: bytes.baseAddress)
        count = bytes.count
    }

    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        if let array { return try array.withUnsafeBytes(body) }
        return try withExtendedLifetime(owner) {
            try body(UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: address), count: count))
        }
    }

    public static func == (left: TemplateBytes, right: TemplateBytes) -> Bool {
        left.withUnsafeBytes { left in right.withUnsafeBytes { right in left.elementsEqual(right) } }
    }
}
