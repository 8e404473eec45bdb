#!/usr/bin/env python3
"""Makes the pictures LinkyImagesTests decodes: ordinary ones written by Pillow (and so by libjpeg,
libpng, libwebp and Pillow's own GIF writer), and hostile ones written byte by byte.

    pip install pillow && python3 make_fixtures.py

The outputs are committed; this script says how each was made. Each picture is a pattern whose
colours the tests check at known places: the left half red, the right half blue (on the first
frame), the top-left 10 % transparent where the format has alpha.
"""
import io
import struct
import zlib
from pathlib import Path

from PIL import Image

HERE = Path(__file__).resolve().parent
W, H = 240, 120


def pattern(mode="RGB", alpha=False):
    image = Image.new("RGBA", (W, H), (0, 0, 0, 255))
    pixels = image.load()
    for y in range(H):
        for x in range(W):
            red = x < W // 2
            colour = (220, 30, 30) if red else (30, 60, 220)
            transparent = alpha and x < W // 10 and y < H // 10
            pixels[x, y] = colour + ((0,) if transparent else (255,))
    return image if mode == "RGBA" else image.convert(mode)


def save(name, image, **options):
    image.save(HERE / name, **options)


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def main():
    save("photo.jpg", pattern(), quality=85)
    save("progressive.jpg", pattern(), quality=85, progressive=True)
    save("cmyk.jpg", pattern("CMYK"), quality=90)
    save("gray.jpg", pattern("L"), quality=90)
    save("alpha.png", pattern("RGBA", alpha=True))
    save("palette.png", pattern("RGBA", alpha=True).convert("P", palette=Image.ADAPTIVE, colors=4))
    save("gray16.png", pattern("L").convert("I;16"))
    save("lossy.webp", pattern(), quality=80)
    save("alpha.webp", pattern("RGBA", alpha=True), lossless=True)
    # A two-frame GIF (interlaced: Pillow's default), the second frame green; the first is what counts.
    second = Image.new("RGB", (W, H), (30, 200, 30))
    first = pattern("RGB").convert("P", palette=Image.ADAPTIVE, colors=4)
    first.save(HERE / "animated.gif", save_all=True, append_images=[second.convert("P")], duration=100, loop=0)
    # One frame, interlaced: its rows are stored in four passes. Red above, blue below, so that a row
    # put in the wrong place shows.
    tall = pattern("RGB").rotate(90, expand=True).resize((W, H)).convert("P", palette=Image.ADAPTIVE, colors=4)
    tall.save(HERE / "interlaced.gif", interlace=True)

    # Icon files: of PNG pictures (16, 32 and 64 pixels; the largest is read), and of bitmaps only.
    square = pattern("RGBA", alpha=True).resize((64, 64))
    square.save(HERE / "icon.ico", sizes=[(16, 16), (32, 32), (64, 64)])
    square.save(HERE / "bitmap.ico", sizes=[(32, 32)], bitmap_format="bmp")
    # Bitmaps of 24, 8 and 1 bits a pixel (the older favicon.ico); Pillow writes their transparency
    # masks all opaque (the tests set a mask bit themselves).
    small = pattern("RGBA", alpha=True).resize((32, 32))
    small.convert("RGB").save(HERE / "bitmap24.ico", sizes=[(32, 32)], bitmap_format="bmp")
    small.convert("P", palette=Image.ADAPTIVE, colors=4).save(HERE / "bitmap8.ico", sizes=[(32, 32)], bitmap_format="bmp")
    # One bit: white on the left, black on the right.
    halves = Image.new("1", (32, 32), 0)
    halves.paste(1, (0, 0, 16, 32))
    halves.save(HERE / "bitmap1.ico", sizes=[(32, 32)], bitmap_format="bmp")

    # Hostile: a PNG whose header claims 30,000 × 30,000 pixels (900 million) over a few bytes of data.
    header = struct.pack(">IIBBBBB", 30000, 30000, 8, 6, 0, 0, 0)
    bomb = b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) + png_chunk(b"IDAT", zlib.compress(b"\0" * 1024))
    bomb += png_chunk(b"IEND", b"")
    (HERE / "bomb.png").write_bytes(bomb)
    # A GIF whose first frame claims 60,000 × 60,000 pixels inside a 10 × 10 screen.
    gif = b"GIF89a" + struct.pack("<HHBBB", 10, 10, 0x80, 0, 0) + b"\0\0\0\xff\xff\xff"
    gif += b"," + struct.pack("<HHHHB", 0, 0, 60000, 60000, 0) + b"\x02\x02\x44\x01\x00;"
    (HERE / "bomb.gif").write_bytes(gif)
    # A JPEG cut in half, and a PNG whose data is cut short.
    jpeg = (HERE / "photo.jpg").read_bytes()
    (HERE / "truncated.jpg").write_bytes(jpeg[: len(jpeg) // 2])
    png = (HERE / "alpha.png").read_bytes()
    (HERE / "truncated.png").write_bytes(png[: len(png) // 2])
    # An SVG with a script, and an HTML page (what a server sends for a missing picture).
    (HERE / "script.svg").write_text(
        '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>\n'
    )
    (HERE / "page.html").write_text("<!doctype html><title>Not found</title><p>No picture here.\n")


if __name__ == "__main__":
    main()
