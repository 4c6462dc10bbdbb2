"""The words pupils' secrets are made of: short, friendly, easy to read and spell.

A secret is one of these words and three digits ("otter427"). Every word is lowercase
ASCII letters so a child can type it on any tablet keyboard; see
``teaching.accounts.services.secret_new``.
"""

from __future__ import annotations

WORDS: tuple[str, ...] = (
    "acorn", "apple", "arrow", "badge", "bagel", "banjo", "barn", "basil", "beach", "beard",
    "bell", "berry", "bike", "bird", "blue", "boat", "bonus", "boot", "brave", "bread", "brick",
    "brook", "brush", "bunny", "cabin", "cake", "camel", "candy", "canoe", "cape", "cargo",
    "carrot", "castle", "cat", "cello", "chalk", "cheese", "cherry", "chess", "chick", "cider",
    "cliff", "cloud", "clover", "coast", "cocoa", "comet", "coral", "corn", "crab", "crane",
    "crown", "cub", "cup", "daisy", "dance", "delta", "desk", "diver", "dolphin", "donkey",
    "dragon", "drum", "duck", "eagle", "earth", "echo", "eel", "elbow", "elf", "elm", "ember",
    "emu", "fable", "falcon", "farm", "feather", "fern", "fig", "finch", "flag", "flute", "foam",
    "forest", "fox", "frog", "gecko", "giant", "ginger", "glove", "goat", "goose", "grape",
    "grass", "gull", "harp", "hat", "hazel", "hedge", "heron", "hill", "honey", "hoop", "horse",
    "igloo", "jam", "jazz", "jelly", "jet", "judo", "kayak", "kettle", "kite", "kiwi", "koala",
    "lake", "lamb", "lemon", "lime", "lion", "llama", "lotus", "lucky", "magic", "mango", "maple",
    "melon", "mint", "mole", "moon", "moose", "moss", "mouse", "muffin", "nest", "noodle", "nut",
    "oak", "ocean", "olive", "onion", "orbit", "otter", "owl", "panda", "paper", "parrot",
    "peach", "pearl", "pebble", "pepper", "piano", "pilot", "pine", "pizza", "plum", "pony",
    "puffin", "pump", "quail", "quiz", "rabbit", "radar", "rain", "raven", "reef", "robin",
    "rocket", "rose", "ruby", "sail", "salad", "sand", "scarf", "seal", "shell", "ship", "silk",
    "sky", "sloth", "snail", "snow", "sock", "spoon", "star", "stone", "storm", "sugar", "sun",
    "swan", "taco", "tiger", "toast", "tomato", "topaz", "torch", "train", "tuba", "tulip",
    "turtle", "valley", "violin", "walnut", "whale", "wind", "wolf", "yak", "yeti", "yogurt",
    "zebra", "zip",
)
