import os
import sys

# The case tables import the harness as ``cases.harness``: tests/ is on the path.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
