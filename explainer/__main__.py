"""``python -m explainer`` runs the command line."""

import sys

from explainer.cli import main

sys.exit(main())
