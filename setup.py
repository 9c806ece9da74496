"""irexec's packages are found by their folders (a new op category or stage needs no edit here);
the two installed from folders outside irexec/ (schemas/ and docs/, mapped in pyproject.toml's
package-dir) are named, as a search of irexec/ cannot see them."""

from setuptools import find_packages, setup

setup(packages=find_packages(include=["irexec", "irexec.*"]) + ["irexec.schemas", "irexec.userguide"])
