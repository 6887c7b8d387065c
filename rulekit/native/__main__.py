"""`python -m rulekit.native build|status|clean` (rulekit.native.build)."""

import sys

from .build import main

sys.exit(main())
