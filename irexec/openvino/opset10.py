from irexec.api.opsets import module_dir, module_getattr

__getattr__ = module_getattr(10)
__dir__ = module_dir(10)
