import CFuzzerDriver
import Foundation
import LinkyImages

/// Decodes the input as a downloaded picture would be, within limits small enough for the fuzzer; a
/// picture that decodes must have the pixels it says, resize, and encode to a WebP that decodes.
func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    let limits = ImageLimits(maxBytes: 1 << 20, maxPixels: 1 << 20)
    guard let image = try? RGBAImage.decode(bytes, limits: limits) else { return 0 }
    precondition(image.width > 0 && image.height > 0 && image.width * image.height <= limits.maxPixels)
    precondition(image.pixels.count == image.width * image.height * 4)
    let size = image.fitting(maxWidth: 64, maxHeight: 64)
    let small = image.resized(width: size.width, height: size.height)
    if let webp = try? small.webp(quality: 50) {
        let again = try? RGBAImage.decode(webp, limits: limits)
        precondition(again?.width == small.width && again?.height == small.height)
    }
    return 0
}

// libFuzzer runs `fuzz` on each input; it reads its own options (-max_total_time=…, corpus folders).
exit(linky_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) { data, size in data.map { fuzz($0, size) } ?? 0 })
