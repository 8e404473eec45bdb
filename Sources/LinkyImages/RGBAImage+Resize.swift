import Foundation

extension RGBAImage {
    /// The picture at `width` × `height`, resampled with a Lanczos-3 filter widened by the reduction
    /// (each output pixel weighs every source pixel under it), in premultiplied alpha so that
    /// transparent pixels lend no colour to their neighbours.
    public func resized(width newWidth: Int, height newHeight: Int) -> RGBAImage {
        precondition(newWidth > 0 && newHeight > 0, "a size of at least one pixel")
        if newWidth == width && newHeight == height { return self }
        // Rows first (each row to the new width), then columns. A row at a time is premultiplied into
        // floats: a copy of the whole picture as floats would be 16 bytes a pixel (640 MB at the
        // 40-million-pixel limit).
        let across = Resampling(from: width, to: newWidth)
        var wide = [Float](repeating: 0, count: newWidth * height * 4)
        var row = [Float](repeating: 0, count: width * 4)
        for y in 0..<height {
            let base = y * width * 4
            for index in stride(from: 0, to: width * 4, by: 4) {
                let alpha = Float(pixels[base + index + 3]) / 255
                row[index] = Float(pixels[base + index]) * alpha
                row[index + 1] = Float(pixels[base + index + 1]) * alpha
                row[index + 2] = Float(pixels[base + index + 2]) * alpha
                row[index + 3] = Float(pixels[base + index + 3])
            }
            across.apply(row, start: 0, step: 4, into: &wide, at: y * newWidth * 4, stride: 4)
        }
        let down = Resampling(from: height, to: newHeight)
        var tall = [Float](repeating: 0, count: newWidth * newHeight * 4)
        for x in 0..<newWidth {
            down.apply(wide, start: x * 4, step: newWidth * 4, into: &tall, at: x * 4, stride: newWidth * 4)
        }
        var result = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        for index in stride(from: 0, to: tall.count, by: 4) {
            let alpha = min(max(tall[index + 3], 0), 255)
            guard alpha >= 0.5 else { continue }
            let scale = 255 / alpha
            for channel in 0..<3 {
                result[index + channel] = UInt8(min(max(tall[index + channel] * scale, 0), 255).rounded())
            }
            result[index + 3] = UInt8(alpha.rounded())
        }
        return RGBAImage(width: newWidth, height: newHeight, pixels: result)
    }

    /// The size that fits `maxWidth` × `maxHeight` with the picture's proportions, never larger than
    /// the picture (a small picture is not blown up).
    public func fitting(maxWidth: Int, maxHeight: Int) -> (width: Int, height: Int) {
        let scale = min(1, Double(maxWidth) / Double(width), Double(maxHeight) / Double(height))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}

/// The weights of a one-dimensional Lanczos-3 resampling from `source` to `target` samples.
private struct Resampling {
    var first: [Int] = []
    var count: [Int] = []
    var weights: [[Float]] = []

    init(from source: Int, to target: Int) {
        let scale = Double(source) / Double(target)
        // Downscaling widens the filter so that every source sample counts.
        let filterScale = max(scale, 1)
        let support = 3 * filterScale
        for index in 0..<target {
            let center = (Double(index) + 0.5) * scale
            let low = max(0, Int((center - support).rounded(.down)))
            let high = min(source, Int((center + support).rounded(.up)))
            var row = (low..<high).map { Self.lanczos3((Double($0) + 0.5 - center) / filterScale) }
            let total = row.reduce(0, +)
            if total != 0 { row = row.map { $0 / total } }
            first.append(low)
            count.append(high - low)
            weights.append(row.map(Float.init))
        }
    }

    static func lanczos3(_ x: Double) -> Double {
        let x = abs(x)
        guard x < 3 else { return 0 }
        guard x > 1e-9 else { return 1 }
        let pi = Double.pi * x
        return 3 * sin(pi) * sin(pi / 3) / (pi * pi)
    }

    /// Resamples the samples of one line of `input` (at `start`, `step` apart, four channels each)
    /// into `output` (from `at`, `stride` apart).
    func apply(_ input: [Float], start: Int, step: Int, into output: inout [Float], at: Int, stride: Int) {
        input.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                for index in 0..<first.count {
                    var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
                    let weights = self.weights[index]
                    var offset = start + first[index] * step
                    for weight in weights {
                        sum.0 += input[offset] * weight
                        sum.1 += input[offset + 1] * weight
                        sum.2 += input[offset + 2] * weight
                        sum.3 += input[offset + 3] * weight
                        offset += step
                    }
                    let target = at + index * stride
                    output[target] = sum.0
                    output[target + 1] = sum.1
                    output[target + 2] = sum.2
                    output[target + 3] = sum.3
                }
            }
        }
    }
}
