from irexec.api.opsets import module_dir, module_getattr

__getattr__ = module_getattr(13)
__dir__ = module_dir(13)
