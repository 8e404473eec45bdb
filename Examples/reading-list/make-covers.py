"""Draws the cover pictures of this example's link cards: abstract art (gradients, circles, bands),
made here so the project may ship them. Each is a file of `static/covers/`, which the built site
publishes at `base_url` + `covers/NAME.jpg`, the address the link's `image:` names; `linky-site fetch`
reads such a picture of the site's own from `static/` instead of downloading it, and makes the small
files of `pictures/`.

    python3 Examples/reading-list/make-covers.py      # needs Pillow (pip install Pillow)
    linky-site fetch Examples/reading-list            # pages need the network; pictures do not

The same name always draws the same picture."""
import hashlib
import pathlib
import random
import re

from PIL import Image, ImageDraw, ImageFilter

HERE = pathlib.Path(__file__).resolve().parent
BASE = "https://example.com/reading/covers/"
PALETTES = [
    ["#0f4c81", "#5aa9e6", "#f7d488", "#ffffff"],
    ["#2d1e2f", "#e0607e", "#f2b880", "#fbe9d0"],
    ["#113c2f", "#3e8e6f", "#b9e3c6", "#f4f1de"],
    ["#3a2e5c", "#7a5cc4", "#f0a6ca", "#fce1e4"],
    ["#5c2a0b", "#d9822b", "#f6c667", "#fff4d6"],
    ["#1b2838", "#2a9d8f", "#e9c46a", "#e76f51"],
    ["#222222", "#ff6b35", "#f7c59f", "#efefd0"],
    ["#0b3954", "#087e8b", "#bfd7ea", "#ff5a5f"],
]
WIDTH, HEIGHT = 800, 420

# The links that get a cover: link files, by path below links/.
LINKS = [
    "programming/swift/se-0461-nonisolated-nonsending.md", "programming/rust/rust-1-85-and-rust-2024.md",
    "essays/falsehoods-programmers-believe-about-names.md", "essays/choose-boring-technology.md",
    "programming/swift/swift-6-migration-guide.md", "programming/swift/announcing-swift-6.md",
    "essays/the-humble-programmer.md", "한국어/기술-블로그/java의-미래-virtual-thread.md",
    "programming/web/css/css-has-selector.md", "한국어/훈민정음.md", "programming/swift/swift-concurrency-book.md",
    "essays/how-to-do-great-work.md", "design/typography/practical-typography.md",
    "한국어/기술-블로그/브라우저는-어떻게-동작하는가.md", "programming/web/tasks-microtasks-queues-and-schedules.md",
    "programming/rust/the-rust-book.md", "programming/crafting-interpreters.md", "science/james-webb-space-telescope.md",
    "science/attention-is-all-you-need.md", "design/laws-of-ux.md",
]


def draw(name):
    seed = int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big")
    rng = random.Random(seed)
    colours = rng.choice(PALETTES)
    top, bottom = Image.new("RGB", (WIDTH, HEIGHT), colours[0]), Image.new("RGB", (WIDTH, HEIGHT), colours[1])
    mask = Image.linear_gradient("L").rotate(rng.choice([0, 30, 60, 90, 135]), expand=False).resize((WIDTH, HEIGHT))
    picture = Image.composite(bottom, top, mask).convert("RGBA")
    layer = Image.new("RGBA", (WIDTH, HEIGHT), (0, 0, 0, 0))
    pen = ImageDraw.Draw(layer)
    for _ in range(rng.randint(3, 6)):
        radius = rng.randint(50, 220)
        x, y = rng.randint(-60, WIDTH + 60), rng.randint(-60, HEIGHT + 60)
        colour = rng.choice(colours[2:])
        pen.ellipse([x - radius, y - radius, x + radius, y + radius], fill=colour + format(rng.randint(90, 200), "02x"))
    for _ in range(rng.randint(1, 3)):
        y = rng.randint(0, HEIGHT)
        pen.polygon([(0, y), (WIDTH, y - rng.randint(80, 260)), (WIDTH, y - rng.randint(0, 60)), (0, y + 50)],
                    fill=colours[3] + "55")
    picture = Image.alpha_composite(picture, layer.filter(ImageFilter.GaussianBlur(1.5)))
    return picture.convert("RGB")


def main():
    folder = HERE / "static" / "covers"
    folder.mkdir(parents=True, exist_ok=True)
    for relative in LINKS:
        path = HERE / "links" / relative
        name = re.sub(r"[^\w-]", "-", path.stem) + ".jpg"
        draw(name).save(folder / name, quality=80, optimize=True, progressive=True)
        text = path.read_text(encoding="utf-8")
        line = f"image: {BASE}{name}\n"
        if "\nimage:" in text:
            text = re.sub(r"\nimage: .*\n", "\n" + line, text, count=1)
        else:
            end = text.index("\n---", 3)
            text = text[: end + 1] + line + text[end + 1:]
        path.write_text(text, encoding="utf-8")
    print(f"{len(LINKS)} covers in {folder}")


if __name__ == "__main__":
    main()
